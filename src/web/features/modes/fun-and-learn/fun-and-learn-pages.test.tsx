// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comprehension, Subcategory } from '../../../../core/contract';
import { failure, stubApi, type StubCall } from '../../../test-support/api-stub';
import { renderWithProviders, signedIn } from '../../../test-support/render';
import ReadPage from './ReadPage';
import TextsPage from './TextsPage';

// The pages remember what they listed for the rest of the visit: each test uses its own category.
const subcategory = (category: string, over: Partial<Subcategory> = {}): Subcategory => ({
  id: 31,
  slug: 'planets',
  subcategory_name: 'Planets',
  image: '',
  category_id: 3,
  category_slug: category,
  maxlevel: 0,
  no_of_que: 5,
  ...over,
});

const text = (id: number, over: Partial<Comprehension> = {}): Comprehension => ({
  id,
  slug: `text-${id}`,
  title: `Text ${id}`,
  detail: `First part of ${id}.\n\nSecond part of ${id}.`,
  video_url: '',
  no_of_que: 3,
  best_score: 0,
  played: false,
  ...over,
});

const actions = (calls: StubCall[]) => calls.map((c) => c.action);
const texts = (category: string) =>
  renderWithProviders(<TextsPage />, {
    route: `/fun-and-learn/${category}/planets`,
    path: '/fun-and-learn/:category/:subcategory',
    preloadedState: signedIn(),
  });
const reading = (category: string, id: number) =>
  renderWithProviders(<ReadPage />, {
    route: `/fun-and-learn/${category}/planets/${id}`,
    path: '/fun-and-learn/:category/:subcategory/:id',
    preloadedState: signedIn(),
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('fun and learn: the texts of a subcategory', () => {
  it('lists the texts of the subcategory its category lists under that slug, a played one with its best score', async () => {
    const calls = stubApi({
      get_subcategory_by_maincategory: () => [subcategory('space', { id: 9, slug: 'stars' }), subcategory('space')],
      get_fun_n_learn: () => [text(1), text(2, { played: true, best_score: 8 })],
    });
    texts('space');

    const played = await screen.findByTestId('fnl-text-2');
    expect(played.dataset.played).toBe('true');
    expect(played.textContent).toContain('Best score 8');
    expect(screen.getByTestId('fnl-text-1').textContent).toContain('Not played yet');
    expect(actions(calls)).toEqual(['get_subcategory_by_maincategory', 'get_fun_n_learn']);
    expect(calls[0]!.fields.get('category_slug')).toBe('space');
    expect(calls[1]!.fields.get('type_id')).toBe('31');
  });

  it('says the page does not exist when the category does not list the subcategory', async () => {
    const calls = stubApi({ get_subcategory_by_maincategory: () => [subcategory('oceans', { slug: 'reefs' })] });
    texts('oceans');

    expect(await screen.findByText('This page does not exist.')).toBeTruthy();
    expect(actions(calls)).toEqual(['get_subcategory_by_maincategory']);
  });

  it('says the page does not exist when the server does not know the category', async () => {
    stubApi({ get_subcategory_by_maincategory: () => failure('not_found', 404) });
    texts('nowhere');

    expect(await screen.findByText('This page does not exist.')).toBeTruthy();
  });
});

describe('fun and learn: reading a text', () => {
  it('opens a text listed on the way without asking the server again', async () => {
    stubApi({
      get_subcategory_by_maincategory: () => [subcategory('history')],
      get_fun_n_learn: () => [text(5, { video_url: 'https://video.example/5' })],
    });
    texts('history');
    await screen.findByTestId('fnl-text-5');
    cleanup();
    const calls = stubApi({});
    reading('history', 5);

    expect(screen.getByText('Second part of 5.')).toBeTruthy();
    expect(screen.getByTestId('start-quiz').textContent).toBe('Start questions · 3 questions');
    expect(screen.getByTestId('fnl-video').getAttribute('href')).toBe('https://video.example/5');
    expect(calls).toEqual([]);
  });

  it('reads the subcategory and its texts when opened on its own (a reload)', async () => {
    const calls = stubApi({
      get_subcategory_by_maincategory: () => [subcategory('art', { id: 44 })],
      get_fun_n_learn: () => [text(6), text(7, { no_of_que: 1 })],
    });
    reading('art', 7);

    expect(await screen.findByText('First part of 7.')).toBeTruthy();
    expect(screen.getByTestId('start-quiz').textContent).toBe('Start questions · 1 question');
    expect(actions(calls)).toEqual(['get_subcategory_by_maincategory', 'get_fun_n_learn']);
    expect(calls[1]!.fields.get('type_id')).toBe('44');
  });

  it('says the text could not be found when its subcategory does not hold it', async () => {
    stubApi({
      get_subcategory_by_maincategory: () => [subcategory('music')],
      get_fun_n_learn: () => [text(6)],
    });
    reading('music', 8);

    expect(await screen.findByText('This text could not be found.')).toBeTruthy();
    expect(screen.queryByTestId('start-quiz')).toBeNull();
  });
});
