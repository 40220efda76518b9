/// <reference lib="webworker" />
import { expose } from 'comlink';
import { createPipelineApi } from './api.ts';

expose(createPipelineApi());
