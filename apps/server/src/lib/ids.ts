import { v7 } from 'uuid';

/** A new time-ordered id (UUIDv7, RFC 9562), so inserts stay index-friendly on both dialects. */
export const newId = (): string => v7();
