import type { Page } from 'playwright-core';

export interface LowContrast {
  text: string;
  ratio: number;
  color: string;
  background: string;
}

/**
 * Every piece of text shown inside `root` whose contrast with what is behind it is below `minimum`
 * (WCAG's ratio of relative luminances; 7 is AAA for normal text). Colours are read as the browser
 * paints them (a canvas turns any CSS colour, oklch included, into sRGB), backgrounds are the
 * element's ancestors' painted over one another, and a palette number's background is the fill of
 * the shape it sits on. Disabled controls and hidden text (screen-reader only) are left out, as
 * WCAG leaves them out.
 */
export function lowContrastText(page: Page, root: string, minimum: number): Promise<LowContrast[]> {
  return page.evaluate(
    ({ root, minimum }) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      /** Paints `colors` in order over white and reads the pixel. */
      const paint = (colors: string[]): [number, number, number] => {
        ctx.globalCompositeOperation = 'source-over';
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, 1, 1);
        for (const color of colors) {
          ctx.fillStyle = color;
          ctx.fillRect(0, 0, 1, 1);
        }
        const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
        return [r!, g!, b!];
      };
      const luminance = (rgb: [number, number, number]) => {
        const [r, g, b] = rgb.map((c) => {
          const s = c / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const opaque = (color: string) => !/^rgba\(|\/\s*[\d.]+%?\)$/.test(color);
      const backgroundsOf = (element: Element): string[] => {
        // A number on a palette mark sits on the mark's shape, drawn by the svg beside it.
        const shape = element.parentElement?.querySelector(':scope > svg > :first-child');
        if (shape) return [getComputedStyle(shape).fill];
        const layers: string[] = [];
        for (let e: Element | null = element; e; e = e.parentElement) {
          const bg = getComputedStyle(e).backgroundColor;
          layers.unshift(bg);
          if (opaque(bg)) break;
        }
        return layers;
      };
      const hidden = (element: Element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return true;
        for (let e: Element | null = element; e; e = e.parentElement) {
          const style = getComputedStyle(e);
          if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) < 1) return true;
        }
        return false;
      };
      const found: { text: string; ratio: number; color: string; background: string }[] = [];
      const scope = document.querySelector(root);
      if (!scope) throw new Error(`No ${root}`);
      for (const element of Array.from(scope.querySelectorAll('*'))) {
        const text = Array.from(element.childNodes)
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent ?? '')
          .join('')
          .trim();
        if (!text || element.closest('[disabled], [aria-disabled="true"], svg') || hidden(element)) continue;
        const layers = backgroundsOf(element);
        const background = paint(layers);
        const color = getComputedStyle(element).color;
        const foreground = paint([...layers, color]);
        const [light, dark] = [luminance(background), luminance(foreground)].sort((a, b) => b - a) as [number, number];
        const ratio = (light + 0.05) / (dark + 0.05);
        if (ratio < minimum) found.push({ text: text.slice(0, 40), ratio: Math.round(ratio * 100) / 100, color, background: `rgb(${background.join(',')})` });
      }
      return found;
    },
    { root, minimum },
  );
}
