import type { TVirtualContact } from '@vbc/shared/contact';

/** A full card as the public API returns it, for component tests. */
export function sampleCard(overrides: Partial<TVirtualContact> = {}, designation = 'default'): TVirtualContact {
  return {
    virtualContactId: '0b9f1f4e-8c1d-4a57-9a39-6a1f3b1c2d3e',
    id: '0b9f1f4e-8c1d-4a57-9a39-6a1f3b1c2d3e',
    quickId: 'k7m2p9q',
    firstName: 'Ana',
    lastName: 'Lima',
    name: 'Ana Lima',
    jobTitle: 'Architect',
    organization: 'Casa & Co.',
    biography: 'I design homes.',
    markdownDescriptions: [],
    pictureDisplayItemId: null,
    highResPictureDisplayItemId: null,
    heroImageDisplayItemId: null,
    isCorporateProfile: false,
    corporateProfileId: null,
    hasVirginAccessProtection: false,
    hasPersonalAccount: true,
    pinProtectionLevel: null,
    stats: { viewCount: 12, downloadCount: 1 },
    designSpecification: {
      design: { designation },
      theme: { designation: 'dark' },
      accentColor1: '#3366ff',
      accentColor2: null,
      accentColor3: null,
    },
    wall: {
      boards: [
        { title: 'First', items: [{ photo: { obsecuredDisplayItemId: 'first-board-photo', width: 10, height: 10 }, caption: 'Kitchen' }] },
        { title: 'Second', items: [{ photo: { obsecuredDisplayItemId: 'second-board-photo', width: 10, height: 10 }, caption: 'Hidden' }] },
      ],
    },
    picture: null,
    emails: [
      { email: 'ana@example.com', name: 'Office' },
      { email: 'ana.lima@example.org', name: null },
    ],
    phones: [{ phoneNumber: '0917 555 0100', type: 'Mobile' }],
    locations: [
      { title: 'Studio', address: '1 Rua Nova', city: 'Lisboa', country: 'Portugal', googlePlaceId: null, latitude: null, longitude: null },
    ],
    socialMedias: [
      {
        socialMediaType: 'Facebook',
        referenceType: 'ByAccountId',
        accountId: 'ana.lima',
        urlOverride: null,
        useUrlOverride: false,
        qrCode: null,
      },
      {
        socialMediaType: 'Instagram',
        referenceType: 'ByAccountId',
        accountId: 'ana.lima',
        urlOverride: null,
        useUrlOverride: false,
        qrCode: null,
      },
    ],
    links: [{ linkUrl: 'example.com/ana', linkName: 'Portfolio' }],
    videos: [],
    exchangeEnabled: true,
    listedInSearchEngines: true,
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
