import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNativeApp, onNativeMessage, postToNative, resetNativeBridgeForTests, startNativeBridge } from './bridge.ts';

type W = { vbcNativeApp?: object; webkit?: object; vbcNativeReceive?: (m: unknown) => void };
const w = window as unknown as W;

function playNative() {
  const posted: unknown[] = [];
  w.vbcNativeApp = { platform: 'ios', version: 1 };
  w.webkit = { messageHandlers: { vbc: { postMessage: (m: unknown) => posted.push(m) } } };
  return posted;
}

afterEach(() => {
  resetNativeBridgeForTests();
  delete w.vbcNativeApp;
  delete w.webkit;
});

describe('iOS wrapper bridge', () => {
  it('is off in a browser: nothing is posted and no receiver is installed', () => {
    expect(isNativeApp()).toBe(false);
    expect(postToNative('pkpass', { data: 'AA==', fileName: 'pass.pkpass', mimeType: 'application/vnd.apple.pkpass' })).toBe(false);
    expect(startNativeBridge()).toBe(false);
    expect(w.vbcNativeReceive).toBeUndefined();
  });

  it('needs both the start hook and the vbc message handler', () => {
    w.vbcNativeApp = { platform: 'ios' };
    expect(isNativeApp()).toBe(false);
    playNative();
    expect(isNativeApp()).toBe(true);
  });

  it('posts ready on start, and actions as {action, payload}', () => {
    const posted = playNative();
    expect(startNativeBridge()).toBe(true);
    startNativeBridge();
    postToNative('pkpass', { data: 'UEsDBA==', fileName: 'pass.pkpass', mimeType: 'application/vnd.apple.pkpass' });
    expect(posted).toEqual([
      { action: 'ready', payload: { version: 1 } },
      { action: 'pkpass', payload: { data: 'UEsDBA==', fileName: 'pass.pkpass', mimeType: 'application/vnd.apple.pkpass' } },
    ]);
  });

  it('hands native messages to listeners, keeps one that came before any listener, and accepts JSON text', () => {
    playNative();
    startNativeBridge();
    w.vbcNativeReceive!({ action: 'apnToken', payload: { token: 'ab'.repeat(32) } });
    const tokens: string[] = [];
    onNativeMessage('apnToken', (p) => tokens.push(p.token));
    w.vbcNativeReceive!(JSON.stringify({ action: 'apnToken', payload: { token: 'cd'.repeat(32) } }));
    expect(tokens).toEqual(['ab'.repeat(32), 'cd'.repeat(32)]);
  });

  it('ignores an unknown action with a warning', () => {
    playNative();
    startNativeBridge();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen = vi.fn();
    onNativeMessage('openUrl', seen);
    w.vbcNativeReceive!({ action: 'selfDestruct', payload: {} });
    expect(seen).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('unknown native bridge message', 'selfDestruct');
    warn.mockRestore();
  });
});
