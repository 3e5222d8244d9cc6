import pluginVue from 'eslint-plugin-vue';
import tseslint from 'typescript-eslint';

/** Main's product features: each composes itself from src-main/features.ts seams, never from another feature. */
const MAIN_FEATURES = ['admin', 'board', 'checkin', 'display', 'printing', 'statistics'];
const NO_RENDERER = { group: ['**/src-renderer/**'], message: 'Main never imports renderer code.' };
/** Only the connection code may start or read the training sandbox; features see the TrainingPort. */
const NO_SANDBOX = {
  group: ['**/sandbox/*', '**/sandbox/**', './sandbox/*'],
  message: 'Only src-main/profiles/connection.ts reaches the sandbox: use the TrainingPort (src-main/features.ts).',
};

function mainBoundaries() {
  const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  const otherFeatures = (feature) => ({
    group: MAIN_FEATURES.filter((other) => other !== feature).flatMap((other) => [`../${other}/*`, `../../${other}/*`]),
    message: 'Features never import each other: go through the seams in src-main/features.ts.',
  });
  return [
    { files: ['src-main/**/*.ts'], rules: restrict(NO_RENDERER, NO_SANDBOX) },
    // The sandbox itself, its CLI entry and the one place that starts it.
    { files: ['src-main/sandbox/**/*.ts', 'src-main/profiles/connection.ts'], rules: restrict(NO_RENDERER) },
    ...MAIN_FEATURES.map((feature) => ({ files: [`src-main/${feature}/**/*.ts`], rules: restrict(NO_RENDERER, NO_SANDBOX, otherFeatures(feature)) })),
  ];
}

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
  {
    // The renderer reaches main only through window.desk: no Node, no Electron, no main code.
    files: ['src-renderer/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['electron', 'node:*', '**/src-main/**'], message: 'The renderer talks to main through window.desk only.' }] },
      ],
    },
  },
  {
    // Components and views reach main through their feature's store only.
    files: ['src-renderer/**/components/**/*.{ts,vue}', 'src-renderer/**/views/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'node:*', '**/src-main/**'], message: 'The renderer talks to main through window.desk only.' },
            { group: ['**/bridge/*'], message: "Components call their feature's store; only stores call window.desk." },
          ],
        },
      ],
    },
  },
  {
    // Contracts are shared by both processes: nothing process-specific in them.
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['electron', 'node:*', 'vue', '**/src-main/**', '**/src-renderer/**'], message: 'src-shared holds pure contracts.' }] },
      ],
    },
  },
  ...mainBoundaries(),
  {
    files: ['tests/**/*.ts', 'scripts/**/*.{js,mjs,ts}'],
    rules: { 'no-console': 'off', 'no-empty-pattern': 'off' },
  },
);
