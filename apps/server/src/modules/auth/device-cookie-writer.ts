import type { FastifyReply } from 'fastify';
import type { DeviceCookie } from './trusted-devices.js';

/** Sets a device cookie on a reply: written by the sign-in routes, used by the reset route too. */
export type DeviceCookieWriter = (reply: FastifyReply, device: DeviceCookie) => void;
