import { describe, expect, it } from 'vitest';
import { firstScreenFiles, type Manifest } from '../../bench/first-screen';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vue.js'], dynamicImports: ['features/board/views/BoardView.vue', 'features/statistics/views/StatisticsView.vue'] },
  '_vue.js': { file: 'assets/vue.js' },
  'features/board/views/BoardView.vue': { file: 'assets/BoardView.js', imports: ['_vue.js', '_VSelect.js'], dynamicImports: ['features/board/components/TransferDialog.vue'] },
  '_VSelect.js': { file: 'assets/VSelect.js', imports: ['_VSelect.css'] },
  '_VSelect.css': { file: 'assets/VSelect.css' },
  'features/board/components/TransferDialog.vue': { file: 'assets/TransferDialog.js', imports: ['_VRadioGroup.js'] },
  '_VRadioGroup.js': { file: 'assets/VRadioGroup.js' },
  'features/statistics/views/StatisticsView.vue': { file: 'assets/StatisticsView.js', imports: ['_chart.js'] },
  '_chart.js': { file: 'assets/chart.js' },
};

describe('the first screen measured by the bench', () => {
  it('counts the entry, the named routes and what they import statically, once each', () => {
    expect(firstScreenFiles(manifest, ['features/board/views/BoardView.vue']).sort()).toEqual(['assets/BoardView.js', 'assets/VSelect.js', 'assets/index.js', 'assets/vue.js']);
  });

  it('leaves out what loads on demand: other screens, their charts, dialogs opened later', () => {
    const files = firstScreenFiles(manifest, ['features/board/views/BoardView.vue']);
    expect(files).not.toContain('assets/StatisticsView.js');
    expect(files).not.toContain('assets/chart.js');
    expect(files).not.toContain('assets/TransferDialog.js');
    expect(files).not.toContain('assets/VRadioGroup.js');
  });

  it('takes the file named exactly over a feature file of the same name', () => {
    const withTexts: Manifest = {
      ...manifest,
      'features/board/locales/fr.ts': { file: 'assets/board-fr.js' },
      'locales/fr.ts': { file: 'assets/fr.js' },
    };
    expect(firstScreenFiles(withTexts, ['locales/fr.ts'])).toContain('assets/fr.js');
    expect(firstScreenFiles(withTexts, ['locales/fr.ts'])).not.toContain('assets/board-fr.js');
  });

  it('says which route is missing rather than measuring less than the first screen', () => {
    expect(() => firstScreenFiles(manifest, ['features/staff/views/SignInView.vue'])).toThrow(/SignInView\.vue is not in the build manifest/);
  });
});
