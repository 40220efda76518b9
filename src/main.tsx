import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { createQueryClient } from './state/query-client.ts';
import { startPipelineOnEdit } from './state/use-pipeline.ts';
import { App } from './ui/app.tsx';
import { ErrorBoundary } from './ui/error-boundary.tsx';
import './ui/styles.css';

// zod's JIT probes `new Function`, which the Content-Security-Policy forbids (and reports).
z.config({ jitless: true });

const queryClient = createQueryClient();
startPipelineOnEdit(queryClient);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);
