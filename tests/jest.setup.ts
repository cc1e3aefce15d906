import '@testing-library/jest-dom';
import '@umijs/max/test-setup';

// jsdom lacks these browser APIs that antd and pro-components use.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;

window.scrollTo = () => undefined;
// antd measures scroll bars through getComputedStyle with a pseudo element, which jsdom rejects.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
