import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local HTTP server speaking the part of Nominatim's API that Abhyas uses
 * (`GET /reverse?format=json&lat=&lon=`, https://nominatim.org/release-docs/latest/api/Reverse/),
 * so tests exercise the real client against real HTTP. It answers the address of the nearest known
 * place within about 1 km, Nominatim's `{ "error": "Unable to geocode" }` elsewhere, and can be
 * told to fail the ways a remote service does.
 */
export type StubPlace = { lat: number; lon: number; address: Record<string, string> };
export type StubRequest = { at: number; query: URLSearchParams; headers: IncomingHttpHeaders };
export type StubMode = 'ok' | 'http-500' | 'garbage' | 'wrong-shape';

/** Places the tests and the end-to-end run know: Koramangala (Bengaluru) and Connaught Place (Delhi). */
export const KORAMANGALA: StubPlace = {
  lat: 12.9352,
  lon: 77.6245,
  address: { road: '80 Feet Road', suburb: 'Koramangala', city_district: 'Bengaluru South', city: 'Bengaluru', state: 'Karnataka', postcode: '560034', country: 'India', country_code: 'in' },
};
export const CONNAUGHT_PLACE: StubPlace = {
  lat: 28.6315,
  lon: 77.2167,
  address: { neighbourhood: 'Connaught Place', town: 'New Delhi', state: 'Delhi', postcode: '110 001', country: 'India', country_code: 'in' },
};

export async function startGeocoderStub(places: StubPlace[] = [KORAMANGALA, CONNAUGHT_PLACE]) {
  const requests: StubRequest[] = [];
  let mode: StubMode = 'ok';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({ at: Date.now(), query: url.searchParams, headers: req.headers });
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (url.pathname !== '/reverse') return send(404, '{"error":"unknown path"}');
    if (mode === 'http-500') return send(500, '<html>Internal Server Error</html>', 'text/html');
    if (mode === 'garbage') return send(200, '<html>not json', 'text/html');
    if (mode === 'wrong-shape') return send(200, JSON.stringify({ address: 'Koramangala' }));
    if (url.searchParams.get('format') !== 'json') return send(400, '{"error":"format=json expected"}');
    const lat = Number(url.searchParams.get('lat'));
    const lon = Number(url.searchParams.get('lon'));
    const place = places.find((p) => Math.abs(p.lat - lat) < 0.01 && Math.abs(p.lon - lon) < 0.01);
    if (!place) return send(200, JSON.stringify({ error: 'Unable to geocode' }));
    send(200, JSON.stringify({ place_id: 1, licence: 'Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright', lat: String(place.lat), lon: String(place.lon), display_name: Object.values(place.address).join(', '), address: place.address }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode: (next: StubMode) => void (mode = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
