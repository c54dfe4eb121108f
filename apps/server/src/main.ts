import cluster from 'node:cluster';
import { runPrimary } from './cluster.js';
import { ConfigError, loadConfig } from './config.js';
import { serve } from './serve.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) await serve(config, { prepared: true });
  else if (config.workers > 1) await runPrimary(config);
  else await serve(config, { prepared: false });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Abhyas failed to start:', err);
  process.exit(1);
});
