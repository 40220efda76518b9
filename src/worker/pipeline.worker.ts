/// <reference lib="webworker" />
import { expose } from 'comlink';
import { z } from 'zod';
import { createPipelineApi } from './api.ts';

// zod's JIT probes `new Function`, which the Content-Security-Policy forbids (and reports).
z.config({ jitless: true });
expose(createPipelineApi());
