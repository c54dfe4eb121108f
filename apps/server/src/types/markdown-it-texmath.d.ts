declare module 'markdown-it-texmath' {
  import type { PluginWithOptions } from 'markdown-it';

  interface TexmathOptions {
    /** Any object with KaTeX's renderToString signature. */
    engine?: { renderToString(tex: string, options: { displayMode?: boolean }): string };
    delimiters?: string | string[];
    outerSpace?: boolean;
    katexOptions?: Record<string, unknown>;
  }
  const texmath: PluginWithOptions<TexmathOptions>;
  export default texmath;
}
