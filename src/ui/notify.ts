import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import './notify.css';

// One toaster for the whole console, created on first use (Blueprint 6 mounts it asynchronously). Its toasts stack
// below the header (app.css: .console-toaster), never over the page's title, and at most two show at once.
let toaster: Promise<Toaster> | null = null;
const getToaster = () => (toaster ??= OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 2, className: 'console-toaster' }));

/**
 * Spec: notifications have two kinds, success and danger. The message is the toast's key: the same message again
 * (Save clicked twice, a retry that fails the same way) renews the toast that shows instead of piling a second one.
 */
export function notifySuccess(message: string): void {
  void getToaster().then((t) => t.show({ message, intent: 'success', icon: 'tick-circle', timeout: 4000 }, `success:${message}`));
}

export function notifyWarning(message: string): void {
  void getToaster().then((t) => t.show({ message, intent: 'warning', icon: 'warning-sign', timeout: 7000 }, `warning:${message}`));
}

/** A note whose tone the domain decided (success, or warning when the effect did not fully happen). */
export function notifyNote(note: { message: string; tone: 'success' | 'warning' }): void {
  if (note.tone === 'success') notifySuccess(note.message);
  else notifyWarning(note.message);
}

export function notifyDanger(message: string): void {
  void getToaster().then((t) => t.show({ message, intent: 'danger', icon: 'error', timeout: 7000 }, `danger:${message}`));
}
