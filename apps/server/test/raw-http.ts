import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';

export type RawResponse = { statusCode: number; headers: Record<string, string>; body: string };

/**
 * Sends one request exactly as written (a request line `inject` would normalise, such as the absolute
 * form or an over-long path) to the app listening on a local port, and reads the answer until the
 * server closes the connection.
 */
export async function rawRequest(app: FastifyInstance, requestLine: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app must be listening on a TCP port');
  const head = [requestLine, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(address.port, '127.0.0.1', () => socket.write(head));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    // The server may reset the connection after writing its answer to a malformed request.
    socket.on('error', (err) => (chunks.length ? resolve(Buffer.concat(chunks)) : reject(err)));
  });
  const split = raw.indexOf('\r\n\r\n');
  const [status = '', ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const headerMap: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headerMap[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.subarray(split + 4);
  const text = (headerMap['transfer-encoding'] === 'chunked' ? unchunk(body) : body).toString('utf8');
  return { statusCode: Number(status.split(' ')[1]), headers: headerMap, body: text };
}

function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = body;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.subarray(0, eol).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(rest.subarray(eol + 2, eol + 2 + size));
    rest = rest.subarray(eol + 2 + size + 2);
  }
}
