import { describe, expect, it } from 'vitest';
import { ZVirtualContactInput } from '@vbc/shared/contact';
import type { TOwnerVirtualContact } from '../../api/cards.ts';
import { cardToForm, formToInput, previewCard, validateForm } from './form-model.ts';
import { moveItem } from '../../components/editor/use-drag-sort.ts';

const card: TOwnerVirtualContact = {
  virtualContactId: 'c1',
  id: 'c1',
  quickId: 'ab12cd',
  firstName: 'Ana',
  lastName: 'Reyes',
  name: 'Ana Reyes',
  jobTitle: 'Engineer',
  organization: null,
  biography: null,
  markdownDescriptions: ['**hi**'],
  pictureDisplayItemId: null,
  highResPictureDisplayItemId: null,
  heroImageDisplayItemId: null,
  isCorporateProfile: false,
  corporateProfileId: null,
  hasVirginAccessProtection: false,
  hasPersonalAccount: true,
  pinProtectionLevel: 1,
  stats: { viewCount: 3, downloadCount: 1 },
  designSpecification: {
    design: { designation: 'simple' },
    theme: { designation: 'dark' },
    accentColor1: '#112233',
    accentColor2: null,
    accentColor3: null,
  },
  wall: { boards: [{ title: 'Work', items: [{ photo: { obsecuredDisplayItemId: 'o1', width: 10, height: 10 }, caption: null }] }] },
  picture: null,
  emails: [{ email: 'ana@example.test', name: null }],
  phones: [{ phoneNumber: '0917 555 0101', type: 'Work' }],
  locations: [],
  socialMedias: [
    { socialMediaType: 'Twitter', referenceType: 'ByAccountId', accountId: 'ana', urlOverride: null, useUrlOverride: false, qrCode: null },
  ],
  links: [],
  videos: [],
  pinEnabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  exchangeEnabled: true,
  listedInSearchEngines: true,
  updatedAt: '2026-01-02T00:00:00.000Z',
};

describe('card form', () => {
  it('round-trips a card into a body the shared schema accepts, with only writable fields', () => {
    const input = formToInput(cardToForm(card));
    expect(ZVirtualContactInput.strict().safeParse(input).success).toBe(true);
    expect(input).not.toHaveProperty('quickId');
    expect(input).not.toHaveProperty('stats');
    expect(input.phones).toEqual([{ phoneNumber: '0917 555 0101', type: 'Work' }]);
    expect(input.wall.boards[0]!.items[0]!.photo.obsecuredDisplayItemId).toBe('o1');
    expect(input.designSpecification).toEqual({
      design: { designation: 'simple' },
      theme: { designation: 'dark' },
      accentColor1: '#112233',
      accentColor2: null,
      accentColor3: null,
    });
  });

  it('turns empty text into null and keeps the reference the owner chose', () => {
    const form = cardToForm(card);
    form.jobTitle = '  ';
    form.socialMedias[0] = { ...form.socialMedias[0]!, referenceType: 'ByUrl', urlOverride: 'https://x.com/ana' };
    const input = formToInput(form);
    expect(input.jobTitle).toBeNull();
    expect(input.socialMedias[0]).toMatchObject({
      referenceType: 'ByUrl',
      useUrlOverride: true,
      urlOverride: 'https://x.com/ana',
      accountId: null,
    });
  });

  it('names each bad field by its path, as the server does', () => {
    const form = cardToForm(card);
    form.emails[0]!.email = 'nope';
    form.phones[0]!.phoneNumber = 'call me';
    form.accentColor2 = 'red';
    form.socialMedias.push({
      key: 'w',
      socialMediaType: 'WeChat',
      referenceType: 'ByQrCode',
      accountId: '',
      urlOverride: '',
      qrCode: null,
    });
    form.firstName = '';
    form.lastName = '';
    expect(validateForm(form)).toEqual({
      'emails.0.email': 'Invalid email format',
      'phones.0.phoneNumber': 'Must be numbers.',
      'designSpecification.accentColor2': 'Must be a colour like #282832',
      'socialMedias.1.qrCode': 'WeChat needs a QR image: upload one.',
      firstName: 'Required.',
    });
    expect(validateForm(cardToForm(card))).toEqual({});
  });

  it('previews phones and e-mails even on a PIN-protected card', () => {
    const shown = previewCard(card, cardToForm(card));
    expect(shown.pinProtectionLevel).toBeNull();
    expect(shown.phones).toHaveLength(1);
    expect(shown.stats).toEqual(card.stats);
  });

  it('moves list items', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 5)).toEqual(['a', 'b', 'c']);
  });
});
