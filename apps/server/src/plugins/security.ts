import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Header name (lower case) → value, sent on every response. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * Browser features the app does not use are switched off for it and for anything it embeds; the
 * location facility asks for the position from the page itself. Payment stays off: taking payments
 * in the page will need its provider's script and frame in the CSP too, and both change together.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** What Razorpay Checkout loads into the page: its script, the frames it opens and its telemetry. */
const RAZORPAY = { script: 'https://checkout.razorpay.com', frames: ['https://api.razorpay.com', 'https://checkout.razorpay.com'], telemetry: 'https://lumberjack.razorpay.com' };

/**
 * The security headers, with a strict CSP, computed once: none depends on the request, so the same
 * list serves the request hook and the answers written before Fastify sees a request (a malformed
 * or over-long request line). Helmet is run once against a collector to produce them.
 */
export function securityHeaders(opts: { production: boolean; /** Razorpay takes the payments: its Checkout script and frames are allowed. */ razorpayCheckout?: boolean }): SecurityHeaders {
  const checkout = opts.razorpayCheckout === true;
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(checkout ? [RAZORPAY.script] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(checkout ? [RAZORPAY.telemetry] : [])],
        // The offline app: its service worker and its web app manifest, both from this site (docs/decisions/022).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        ...(checkout ? { frameSrc: ["'self'", ...RAZORPAY.frames] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(opts.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // A page's address goes to this site alone (helmet's default sends it nowhere): a page-view
    // record sent without its path is then placed by its Referer, and no other site learns it.
    referrerPolicy: { policy: 'same-origin' },
    // HSTS only where the deployment is served over HTTPS.
    strictTransportSecurity: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  };
  let failure: unknown;
  applyHelmet({} as IncomingMessage, collector as unknown as ServerResponse, (err?: unknown) => void (failure = err));
  if (failure) throw failure;
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return Object.freeze(headers);
}

/** Sends the security headers on every response, and compresses responses. */
export default fp(
  async function securityPlugin(app: FastifyInstance, opts: { headers: SecurityHeaders }) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(opts.headers);
      done();
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'security' },
);
