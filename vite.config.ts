import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Two entries: the admin app (renderer/index.html) and the hosted connect web app (renderer/connect/).
export default defineConfig({
  root: r('./renderer'),
  base: './',
  publicDir: false,
  build: {
    outDir: r('./dist/renderer'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: { admin: r('./renderer/index.html'), connect: r('./renderer/connect/index.html') },
      // Libraries mark modules 'use client' for server rendering; a client bundle has no use for it.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
