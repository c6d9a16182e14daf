import { afterEach, describe, expect, it } from 'vitest';
import { onClientEvent } from '../platform/events.ts';
import { HUB } from '@vbc/shared/constants';
import { hubUrl, listenToHub, onRealtimeResync } from './connection.ts';
import { HUB_EVENTS, toClientEvent } from './hub-events.ts';
import { badgeText } from './unread.ts';

const offs: (() => void)[] = [];
afterEach(() => offs.splice(0).forEach((off) => off()));

describe('real-time client', () => {
  it('shows the unread badge as the count, or 5+ past five (docs/contracts.md §9)', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(5)).toBe('5');
    expect(badgeText(6)).toBe('5+');
    expect(badgeText(120)).toBe('5+');
  });

  it('connects to /personalHub on the same origin outside local development', () => {
    expect(hubUrl({ hostname: 'vbc.example.com', protocol: 'https:' })).toBe('/personalHub');
    expect(hubUrl({ hostname: 'localhost', protocol: 'http:' })).toBe('/personalHub');
  });

  it('listens to every docs/contracts.md §D5 event and hands them to the client-event bus', () => {
    expect([...HUB_EVENTS].sort()).toEqual([
      'AccountUpdated',
      'AnnouncementPublished',
      'ConversationSeen',
      'ConversationUpdated',
      'DocumentUploaded',
      'LeadReceived',
      'MessageReceived',
      'PhotoSetItemUploaded',
    ]);
    const got: string[] = [];
    offs.push(
      onClientEvent('messageReceived', (e) => got.push(`message ${e.personalConversationId}`)),
      onClientEvent('photoUploaded', (e) => got.push(`photo ${e.personalConversationId}`)),
      onClientEvent('documentUploaded', (e) => got.push(`document ${e.personalConversationId}`)),
      onClientEvent('conversationUpdated', (e) => got.push(`updated ${e.personalConversationId}`)),
      onClientEvent('conversationSeen', (e) => got.push(`seen ${e.personalConversationId} ${e.sequence}`)),
      onClientEvent('accountUpdated', () => got.push('account')),
      onClientEvent('leadReceived', (e) => got.push(`lead ${(e.lead as { leadId: string }).leadId}`)),
    );
    toClientEvent('MessageReceived', { personalConversationId: 'c1', sequence: 1 });
    toClientEvent('PhotoSetItemUploaded', { personalConversationId: 'c1', sequence: 2 });
    toClientEvent('DocumentUploaded', { personalConversationId: 'c1', sequence: 3 });
    toClientEvent('ConversationUpdated', { personalConversationId: 'c1' });
    toClientEvent('ConversationSeen', { personalConversationId: 'c1', seenBy: 'a', seenAt: '', sequence: 3 });
    toClientEvent('AccountUpdated', { accountName: 'X' });
    toClientEvent('LeadReceived', { leadId: 'lead-1', name: 'Bruno Diaz' });
    toClientEvent('LeadReceived', { name: 'no id' });
    toClientEvent('MessageReceived', 'not an object');
    expect(got).toEqual(['message c1', 'photo c1', 'document c1', 'updated c1', 'seen c1 3', 'account', 'lead lead-1']);
  });

  it('catches up when the server says Resync (its backplane lost events), as after a reconnect', () => {
    const handlers = new Map<string, (...args: unknown[]) => void>();
    listenToHub({ on: (name: string, handler: (...args: unknown[]) => void) => void handlers.set(name, handler) });
    let caughtUp = 0;
    offs.push(onRealtimeResync(() => caughtUp++));
    expect(HUB.resyncMethod).toBe('Resync');
    handlers.get('Resync')?.();
    expect(caughtUp).toBe(1);
    expect([...handlers.keys()].sort()).toEqual([...HUB_EVENTS, 'Resync'].sort());
  });
});
