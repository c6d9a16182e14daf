import { describe, expect, it } from 'vitest';
import { nextPromptRecord, readPromptRecord, shouldAskAboutUnread, UNREAD_PROMPT_KEY, writePromptRecord } from './unread-prompt.ts';

/** A Storage stand-in backed by a Map (the rule is what is under test, not the browser's storage). */
const memoryStorage = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
};

describe("the 'Unread Messages' prompt: once per session, again when a new message arrives", () => {
  it('asks on the first load of a session with unread messages, never with none', () => {
    expect(shouldAskAboutUnread(null, 3)).toBe(true);
    expect(shouldAskAboutUnread(null, 0)).toBe(false);
  });

  it('after an answer, reloads with the same unread messages do not ask again', () => {
    const record = nextPromptRecord(null, 's1', 3, true);
    expect(shouldAskAboutUnread(record, 3)).toBe(false);
    expect(shouldAskAboutUnread(record, 2)).toBe(false);
  });

  it('asks again when a message arrived since, even after the others were read', () => {
    let record = nextPromptRecord(null, 's1', 3, true);
    expect(shouldAskAboutUnread(record, 4)).toBe(true);
    record = nextPromptRecord(record, 's1', 0, false); // read everything
    expect(shouldAskAboutUnread(record, 0)).toBe(false);
    expect(shouldAskAboutUnread(record, 1)).toBe(true); // one new message
  });

  it('keeps the record per sign-in session in the given storage', () => {
    const storage = memoryStorage();
    writePromptRecord({ session: 's1', baseline: 2 }, storage);
    expect(JSON.parse(storage.data.get(UNREAD_PROMPT_KEY)!)).toEqual({ session: 's1', baseline: 2 });
    expect(readPromptRecord('s1', storage)).toEqual({ session: 's1', baseline: 2 });
    expect(readPromptRecord('s2', storage)).toBeNull(); // another account signed in: asked anew
    storage.setItem(UNREAD_PROMPT_KEY, '{not json');
    expect(readPromptRecord('s1', storage)).toBeNull();
  });
});
