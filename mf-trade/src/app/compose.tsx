import type { ComponentType } from 'react';

/**
 * Composition helpers of the app layer: features never import each other, so src/app hands the
 * live-quote kit (#lib/live) and cross-feature slots (watch toggle, trade panel) to the
 * screens as props. Each route still loads its own chunks in parallel.
 */
export function withProps<P extends object>(Screen: ComponentType<P>, props: P): ComponentType {
  function Composed() {
    return <Screen {...props} />;
  }
  Composed.displayName = `Composed(${Screen.displayName ?? Screen.name})`;
  return Composed;
}
