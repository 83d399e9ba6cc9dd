import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { layersPlugin } from './tests/lint/layersRule.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'test-results/**', 'bench/results/**', '**/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { layers: layersPlugin },
    rules: {
      'layers/one-way': 'error',
      'layers/no-circle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
