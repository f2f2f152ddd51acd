import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|zustand|wouter|marked|tinykeys|@openhands|use-sync-external-store)[\\/]/,
            },
            // Modules of the first load that lazy parts share too: one chunk rather than four
            // small ones, each with its own request and gzip overhead.
            {
              name: 'core',
              test: /src[\\/](agent-server[\\/](client|protocol)|conversation[\\/](eventOrder|resources[\\/](server|events)))\.ts$/,
            },
          ],
        },
      },
    },
  },
  test: {
    restoreMocks: true,
    // Rules, transport and mocks run in Node; only components (.tsx) pay for a DOM (jsdom).
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'mocks/**/*.test.ts', 'e2e/real/*.test.ts'],
        },
      },
      { extends: true, test: { name: 'dom', environment: 'jsdom', include: ['src/**/*.test.tsx'] } },
    ],
  },
});
