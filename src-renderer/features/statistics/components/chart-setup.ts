import { BarElement, CategoryScale, Chart, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';

/**
 * Only what the four charts draw (vue-chartjs registers the bar and line controllers
 * itself): Chart.js tree-shakes the rest out of the bundle.
 */
Chart.register(BarElement, CategoryScale, LinearScale, LineElement, PointElement, Tooltip, Legend);
