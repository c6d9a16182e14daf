import { describe, expect, it } from 'vitest';
import { videoEmbed } from './video.ts';

describe('videoEmbed (issue 30: YouTube and Vimeo play from their privacy-friendly players)', () => {
  it('reads the YouTube address forms into the youtube-nocookie.com player', () => {
    const player = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0';
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'youtube.com/watch?v=dQw4w9WgXcQ&list=PL1',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(videoEmbed(url), url).toEqual({ provider: 'YouTube', embedUrl: player });
    }
  });

  it('keeps a YouTube start time', () => {
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ?t=90')?.embedUrl).toMatch(/&start=90$/);
    expect(videoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s')?.embedUrl).toMatch(/&start=90$/);
  });

  it('reads Vimeo addresses into player.vimeo.com with do-not-track, unlisted hashes kept', () => {
    expect(videoEmbed('https://vimeo.com/76979871')).toEqual({
      provider: 'Vimeo',
      embedUrl: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
    });
    expect(videoEmbed('https://vimeo.com/channels/staffpicks/76979871')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
    );
    expect(videoEmbed('https://vimeo.com/76979871/abcdef1234')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1&h=abcdef1234',
    );
    expect(videoEmbed('https://player.vimeo.com/video/76979871?h=abcdef1234')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1&h=abcdef1234',
    );
  });

  it('leaves anything else a link: other sites, look-alike hosts, bad ids, non-web schemes', () => {
    for (const url of [
      'https://media.example.org/clip.mp4',
      'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/channel/UC123',
      'https://vimeo.com/about',
      'javascript:alert(1)',
      'not a url at all',
    ]) {
      expect(videoEmbed(url), url).toBeNull();
    }
  });
});
