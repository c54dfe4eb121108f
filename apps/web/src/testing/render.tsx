import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { imageControls } from '@/app/image-controls';
import { createQueryClient } from '@/app/query-client';
import { ImageControlsProvider } from '@/components/admin/image-controls';
import { useShellStore } from '@/stores/shell-store';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const rendered = new Set<() => void>();

/**
 * Renders routes at `url` the way the app does (its query client, a router, the image controls the
 * admin pages get), in a fresh container.
 * `unmount` cleans up; the page's network goes wherever `fetch` points (see fake-api).
 */
export async function renderRoutes(routes: RouteObject[], url: string) {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = createQueryClient();
  await act(async () =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <ImageControlsProvider controls={imageControls}>
          <RouterProvider router={router} />
        </ImageControlsProvider>
      </QueryClientProvider>,
    ),
  );
  const unmount = () => {
    if (!rendered.delete(unmount)) return;
    act(() => root.unmount());
    queryClient.clear();
    container.remove();
  };
  rendered.add(unmount);
  return { container, router, unmount };
}

/**
 * For `afterEach`: unmounts every page `renderRoutes` rendered, forgets the stored token, lowers the
 * loader and puts the real network back, so no test sees another's state.
 */
export function cleanUpPages() {
  for (const unmount of [...rendered]) unmount();
  localStorage.clear();
  useShellStore.setState({ loading: false });
  vi.unstubAllGlobals();
}

/** Waits (letting React and timers run) until `check` stops throwing; its last error if it never does. */
export async function waitFor<T>(check: () => T, timeoutMs = 3000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
    }
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

/** The dialog on screen (a confirmation), once it opens. */
export function openDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const found = document.querySelector<HTMLElement>('dialog[open], [role="dialog"], [role="alertdialog"]');
    if (!found) throw new Error('No dialog is open');
    return found;
  });
}

const accessibleName = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The form control a visible label names (exact text), as a user finds it. */
export function getByLabel<T extends HTMLElement = HTMLInputElement>(scope: ParentNode, text: string): T {
  const label = [...scope.querySelectorAll('label')].find((l) => l.textContent?.replace(/\s+/g, ' ').trim() === text);
  const control = label?.htmlFor ? document.getElementById(label.htmlFor) : label?.querySelector('input, select, textarea');
  if (!control) throw new Error(`No control labelled "${text}"`);
  return control as T;
}

/** The button whose accessible name is `name` (or matches it). */
export function getButton(scope: ParentNode, name: string | RegExp): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].find((b) => (typeof name === 'string' ? accessibleName(b) === name : name.test(accessibleName(b))));
  if (!found) throw new Error(`No button named ${String(name)}`);
  return found;
}

/** Text of every element with role="alert" in `scope`. */
export function alerts(scope: ParentNode): string[] {
  return [...scope.querySelectorAll('[role="alert"]')].map((a) => a.textContent?.trim() ?? '');
}

/** Types into a text field or textarea as a user would: React sees an input event. */
export function typeInto(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
  act(() => {
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Picks an option of a select. */
export function selectOption(element: HTMLSelectElement, value: string) {
  act(() => {
    element.value = value;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Clicks, inside act. */
export function click(element: HTMLElement) {
  act(() => element.click());
}

/** Chooses a file in an `<input type="file">`, as the browser's picker would. */
export function chooseFile(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
