import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = process.env.PINBOARD_API_URL ?? 'http://localhost:3000';
const PROXIED = ['/resource', '/v3', '/vx', '/media', '/healthz', '/api'];

export default defineConfig({
  plugins: [react()],
  server: {
    // No changeOrigin: the server compares the Origin header with Host for CSRF.
    proxy: Object.fromEntries(PROXIED.map((path) => [path, { target: API_TARGET }])),
  },
  build: {
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks cache longer.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
            { name: 'aria', test: /node_modules[\\/](react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@react-types|@internationalized|@swc)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
