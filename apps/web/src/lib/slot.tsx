import { createContext, useContext, type ComponentType, type JSX, type Provider } from 'react';

/**
 * A place where a lower feature shows a piece that a higher feature makes
 * (docs/decisions/072). The lower feature declares the slot and its props
 * and renders it like a component; the app fills it once, in
 * shell/FeatureSlots.tsx. Unfilled, it renders nothing.
 *
 * That is how a Pin card shows the save button, which opens the board
 * picker, which lists boards, whose pages show Pin cards: importing the
 * button would close that circle.
 */
export function createSlot<P extends object>(name: string) {
  const Filled = createContext<ComponentType<P> | null>(null);
  Filled.displayName = `SlotFill(${name})`;
  function Slot(props: P & JSX.IntrinsicAttributes) {
    const Component = useContext(Filled);
    return Component ? <Component {...props} /> : null;
  }
  Slot.displayName = `Slot(${name})`;
  return Object.assign(Slot, { Fill: Filled.Provider as Provider<ComponentType<P> | null> });
}
