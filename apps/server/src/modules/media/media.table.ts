/** An image stored by the server; its key is derived from its bytes, so it is stored once. */
export interface MediaTable {
  key: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  bytes: number;
  width: number | null;
  height: number | null;
  data: Buffer;
  created_by: string | null;
  created_at: number;
}
