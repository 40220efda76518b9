import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  worker: { format: 'es' },
  // Worker-only dependencies: without this the dev server re-optimizes on first load and reloads.
  optimizeDeps: { include: ['zod', 'comlink', 'jsonc-parser'] },
  // The tokenizer ranks (1–2 MB) are lazy worker chunks by design; everything else stays far below this.
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 2500 },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
