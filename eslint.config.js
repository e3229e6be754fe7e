import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { ELECTRON_ONLY, LAYER_ZONES } from './eslint-layers.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', '**/*.generated.ts', 'guests/build/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Brains run inside Brainbench's engines: `omw` is their host API, and the value of the last
    // expression statement is the iteration's exit message.
    files: ['examples/**/*.js', 'test/fixtures/**/*.js'],
    languageOptions: { globals: { omw: 'readonly', print: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // The renderer runs in a browser (or Electron's sandboxed renderer).
    files: ['renderer/**/*.{ts,tsx}', 'preload/**/*.ts'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        location: 'readonly',
        history: 'readonly',
        self: 'readonly',
        WebSocket: 'readonly',
        confirm: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Blob: 'readonly',
      },
    },
  },
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: ['main/electron/**', 'preload/**'],
    rules: { 'no-restricted-imports': ['error', ELECTRON_ONLY] },
  },
  {
    files: ['main/**/*.ts', 'contract/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYER_ZONES }],
    },
  },
  {
    // The Rhai core also runs in the renderer: no Node modules, not even through a package.
    // The Python realm's code runs where there is no Node at all (docs/security.md#python-brains).
    files: ['main/rhai/language/**/*.ts', 'main/runtimes/python/realm/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
);
