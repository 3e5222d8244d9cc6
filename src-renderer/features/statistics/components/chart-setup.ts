import { BarElement, CategoryScale, Chart, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';

/**
 * Only what the four charts draw (vue-chartjs registers the bar and line controllers
 * itself): Chart.js tree-shakes the rest out of the bundle.
 */
Chart.register(BarElement, CategoryScale, LinearScale, LineElement, PointElement, Tooltip, Legend);

/**
 * The day report's print CSS gives the charts smaller boxes, and Chart.js does not resize
 * on its own for print (its docs: resize on beforeprint; some browsers only tell through
 * the print media query).
 */
const resizeAll = () => {
  for (const chart of Object.values(Chart.instances)) chart.resize();
};
window.addEventListener('beforeprint', resizeAll);
window.matchMedia('print').addEventListener('change', resizeAll);
