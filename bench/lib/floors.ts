import { startBareNginx } from './bare-nginx';
import { startReferenceHandler, type BenchServer } from './load';

/**
 * The servers a throughput module loads beside the service it measures, on ports of their own:
 * a bare nginx in front of the service (the part of the gateway's overhead no config removes),
 * the reference handler (the floor of the call; or why it cannot start) and the reference handler
 * behind a bare nginx of its own (the most of that floor a GET through any nginx keeps here).
 */
export interface Floors {
  bare: BenchServer;
  reference: { direct: BenchServer; viaBareNginx: BenchServer } | string;
  stop(): Promise<void>;
}

export async function startFloors(servicePort: number, databaseUrl: string): Promise<Floors> {
  const started: BenchServer[] = [];
  // Last started, first stopped: a proxy before what it proxies to.
  const stop = async () => {
    for (const server of started.splice(0).reverse()) await server.stop();
  };
  try {
    const bare = await startBareNginx(servicePort);
    started.push(bare);
    const direct = await startReferenceHandler(databaseUrl);
    if (typeof direct === 'string') return { bare, reference: direct, stop };
    started.push(direct);
    const viaBareNginx = await startBareNginx(Number(new URL(direct.url).port));
    started.push(viaBareNginx);
    return { bare, reference: { direct, viaBareNginx }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
