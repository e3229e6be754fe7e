import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The UI benchmark harness (not shipped): the real panels with a synthetic feed.
export default defineConfig({
  root: `${import.meta.dirname}/harness`,
  base: './',
  plugins: [react()],
  build: {
    outDir: '../../../dist/ui-bench',
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
    reportCompressedSize: false,
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
