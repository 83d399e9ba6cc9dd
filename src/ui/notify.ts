import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

// One toaster for the whole console, created on first use (Blueprint 6 mounts it asynchronously).
let toaster: Promise<Toaster> | null = null;
const getToaster = () => (toaster ??= OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 4 }));

/** Spec: notifications have two kinds, success and danger. */
export function notifySuccess(message: string): void {
  void getToaster().then((t) => t.show({ message, intent: 'success', icon: 'tick-circle', timeout: 4000 }));
}

export function notifyDanger(message: string): void {
  void getToaster().then((t) => t.show({ message, intent: 'danger', icon: 'error', timeout: 7000 }));
}
