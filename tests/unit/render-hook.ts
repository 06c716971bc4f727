import { act, createElement } from "react";
import { createRoot } from "react-dom/client";

/**
 * Runs a hook inside a real React root without a browser: the component renders nothing, so React needs only
 * a container to hold and the few window fields it reads. `result.current` is the hook's latest return value.
 */
export interface HookHandle<P, R> {
  result: { current: R };
  rerender: (props: P) => Promise<void>;
  unmount: () => Promise<void>;
}

const noop = () => {};

function fakeContainer() {
  const doc = { nodeType: 9, addEventListener: noop, removeEventListener: noop, activeElement: null, documentElement: {} };
  class HTMLIFrameElement {}
  (globalThis as Record<string, unknown>).window = { event: undefined, HTMLIFrameElement, document: doc };
  (doc as Record<string, unknown>).defaultView = (globalThis as Record<string, unknown>).window;
  return {
    nodeType: 1,
    nodeName: "DIV",
    tagName: "DIV",
    ownerDocument: doc,
    childNodes: [],
    firstChild: null,
    addEventListener: noop,
    removeEventListener: noop,
    appendChild: noop,
    removeChild: noop,
  };
}

(globalThis as Record<string, unknown>).IS_REACT_ACT_ENVIRONMENT = true;

export async function renderHook<P, R>(hook: (props: P) => R, props: P): Promise<HookHandle<P, R>> {
  const result = { current: undefined as R };
  function Probe(p: { props: P }) {
    result.current = hook(p.props);
    return null;
  }
  const root = createRoot(fakeContainer() as unknown as Element);
  await act(async () => root.render(createElement(Probe, { props })));
  return {
    result,
    rerender: (next: P) => act(async () => root.render(createElement(Probe, { props: next }))),
    unmount: () => act(async () => root.unmount()),
  };
}

/** Lets pending promises settle and React apply what they set. */
export const settle = () => act(async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
});
