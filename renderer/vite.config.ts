import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One renderer bundle for both shells: relative asset URLs work from file:// (Electron) and from
// the web-mode server alike. Monaco is bundled from node_modules; nothing loads from a CDN.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
    reportCompressedSize: false,
    // Monaco's worker transform is slow by nature; the timing report is noise in every build.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
