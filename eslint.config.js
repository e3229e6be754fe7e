import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
);
