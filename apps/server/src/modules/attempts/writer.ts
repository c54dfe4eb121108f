/**
 * Whether a device may write to an attempt: the one it was started or taken over on, or any device
 * while none is recorded (docs/decisions/015-one-attempt-engine.md: one device writes at a time).
 */
export const canWrite = (deviceOfAttempt: string | null, deviceId: string | null): boolean => deviceOfAttempt === null || deviceOfAttempt === deviceId;
