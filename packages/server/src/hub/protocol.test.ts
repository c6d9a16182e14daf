import { describe, expect, it } from 'vitest';
import {
  ProtocolError,
  RS,
  RecordReader,
  checkHandshake,
  closeRecord,
  completionRecord,
  invocationRecord,
  parseRecord,
} from './protocol.ts';

describe('JSON hub protocol', () => {
  it('splits payloads into records, keeps a partial record for the next payload', () => {
    const reader = new RecordReader(100);
    expect(reader.push(`{"type":6}${RS}{"type":1,`)).toEqual(['{"type":6}']);
    expect(reader.push(`"target":"a","arguments":[]}${RS}`)).toEqual(['{"type":1,"target":"a","arguments":[]}']);
    expect(reader.push('')).toEqual([]);
  });

  it('measures the size limit in UTF-8 bytes, for whole and partial records', () => {
    const reader = new RecordReader(10);
    expect(reader.push(`"éééé"${RS}`)).toEqual(['"éééé"']); // 6 characters, 10 bytes
    expect(() => new RecordReader(10).push(`"ééééé"${RS}`)).toThrow(ProtocolError); // 7 characters, 12 bytes
    expect(() => new RecordReader(10).push('x'.repeat(11))).toThrow('Message exceeds the maximum size of 10 bytes.');
  });

  it('accepts json versions 1 and 2 and explains every refusal', () => {
    expect(checkHandshake('{"protocol":"json","version":1}')).toBeNull();
    expect(checkHandshake('{"protocol":"json","version":2}')).toBeNull();
    expect(checkHandshake('{"protocol":"json","version":3}')).toBe("The server does not support version 3 of the 'json' protocol.");
    expect(checkHandshake('{"protocol":"messagepack","version":1}')).toBe("The protocol 'messagepack' is not supported.");
    expect(checkHandshake('{"type":1,"target":"x","arguments":[]}')).toMatch(/must have a string "protocol"/);
    expect(checkHandshake('nope')).toBe('Handshake request is not valid JSON.');
  });

  it('rejects records that are not objects with a numeric type', () => {
    expect(parseRecord('{"type":6}')).toEqual({ type: 6 });
    expect(() => parseRecord('[1]')).toThrow(ProtocolError);
    expect(() => parseRecord('{"type":"1"}')).toThrow(ProtocolError);
    expect(() => parseRecord('{')).toThrow(ProtocolError);
  });

  it('writes records the official client accepts: no invocationId on server calls, never result and error together', () => {
    const inv = invocationRecord('MessageReceived', [{ id: 'm1' }]);
    expect(inv).toBe(`{"type":1,"target":"MessageReceived","arguments":[{"id":"m1"}]}${RS}`);
    expect(completionRecord('0', { result: 42 })).toBe(`{"type":3,"invocationId":"0","result":42}${RS}`);
    expect(completionRecord('1', {})).toBe(`{"type":3,"invocationId":"1"}${RS}`);
    expect(completionRecord('2', { result: null })).toBe(`{"type":3,"invocationId":"2","result":null}${RS}`);
    const failed = JSON.parse(completionRecord('3', { result: 1, error: '' }).slice(0, -1)) as Record<string, unknown>;
    expect(failed).toEqual({ type: 3, invocationId: '3', error: 'Error.' });
    expect(closeRecord()).toBe(`{"type":7}${RS}`);
    expect(closeRecord('Server is restarting', true)).toBe(`{"type":7,"error":"Server is restarting","allowReconnect":true}${RS}`);
  });
});
