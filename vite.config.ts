import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { headersFile, securityHeaders } from './security-headers.ts';
import { compileHints, hintedPageChunks, hintedWorkerChunks } from './compile-hints.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    compileHints(hintedPageChunks),
    {
      name: 'security-headers-file',
      apply: 'build',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile() });
      },
    },
  ],
  preview: { headers: securityHeaders },
  // The code a large paste runs, compiled as it loads (compile-hints.ts).
  worker: { format: 'es', plugins: () => [compileHints(hintedWorkerChunks)] },
  // Worker-only dependencies: without this the dev server re-optimizes on first load and reloads.
  optimizeDeps: { include: ['zod', 'comlink', 'jsonc-parser'] },
  // The tokenizer ranks (1–2 MB) are lazy worker chunks by design; everything else stays far below this.
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 2500 },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/node/test-setup.ts'],
    // A guard against hangs, not a time budget (`npm run bench` measures speed): fuzzing every
    // fixture, loading vocabularies and running the CLI take 3–5 s a test on this 2-core machine
    // beside the other files, and one passed vitest's 5 s default in a CI run.
    testTimeout: 30_000,
  },
});
