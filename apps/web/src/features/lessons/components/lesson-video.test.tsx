import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../../test/render';
import { embeddable, LessonVideo } from './lesson-video';

describe('lesson video', () => {
  it('embeds only https players the content policy allows', () => {
    expect(embeddable('https://www.youtube-nocookie.com/embed/abc123')).toBe(true);
    expect(embeddable('https://player.vimeo.com/video/1')).toBe(true);
    expect(embeddable('http://www.youtube-nocookie.com/embed/abc123')).toBe(false);
    expect(embeddable('https://evil.example/embed')).toBe(false);
    expect(embeddable('javascript:alert(1)')).toBe(false);
    expect(embeddable('not a url')).toBe(false);
  });

  it('renders a titled iframe for a known player and a plain link otherwise', () => {
    const { unmount } = renderWithStore(<LessonVideo url="https://www.youtube-nocookie.com/embed/abc123" title="Pickup" />);
    expect(screen.getByTitle('Video: Pickup').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc123');
    unmount();
    renderWithStore(<LessonVideo url="https://example.com/video.mp4" title="Pickup" />);
    expect(screen.getByRole('link').getAttribute('href')).toBe('https://example.com/video.mp4');
  });
});
