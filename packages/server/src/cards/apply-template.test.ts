import { describe, expect, it } from 'vitest';
import { applyTemplate, type CardBusiness, type TemplateRow } from './apply-template.ts';
import type { ContactRow } from './present-card.ts';

const stored = {
  id: 'c1',
  ownerAccountId: 'a1',
  ownerCorporateAccountId: null,
  formerHolderName: null,
  organization: 'Own org',
  links: [{ linkUrl: 'own.test', linkName: null }],
  locations: [],
  socialMedias: [],
  heroImageDisplayItemId: null,
  markdownDescriptions: ['own section'],
  designSpecification: { design: { designation: 'simple' }, theme: { designation: 'dark' } },
  emails: [{ email: 'own@example.test', name: null }],
  phones: [],
} as unknown as ContactRow;

const template = (fields: Partial<TemplateRow>): TemplateRow => ({
  corporateAccountId: 'b1',
  designSpecification: null,
  organization: null,
  about: null,
  links: null,
  locations: null,
  socialMedias: null,
  logoDisplayItemId: null,
  heroImageDisplayItemId: null,
  locked: [],
  updatedAt: new Date(),
  ...fields,
});
const business = (t: TemplateRow | null): CardBusiness => ({
  corporateAccountId: 'b1',
  name: 'Acme',
  mainEmail: 'hello@acme.test',
  mainPhone: null,
  template: t,
});

describe('applyTemplate', () => {
  it('a locked field is the template’s, an empty one included; a suggested one fills only what the member left empty', () => {
    const row = applyTemplate(
      stored,
      business(
        template({
          organization: 'Acme Inc',
          links: [{ linkUrl: 'acme.test', linkName: null }],
          locations: [{ title: 'HQ', address: null, city: null, country: null, googlePlaceId: null, latitude: null, longitude: null }],
          locked: ['organization', 'socialMedias'],
        }),
      ),
    );
    expect(row.organization).toBe('Acme Inc');
    expect(row.links).toEqual(stored.links); // suggested, the member has their own
    expect(row.locations).toHaveLength(1); // suggested, the member has none
    expect(row.socialMedias).toEqual([]); // locked and empty in the template
    expect(stored.organization).toBe('Own org'); // the stored row is untouched
  });

  it('About is the first markdown section when locked, the only one when suggested and the member has none; the owner’s view keeps their own', () => {
    const about = template({ about: 'About Acme', locked: ['about'] });
    expect(applyTemplate(stored, business(about)).markdownDescriptions).toEqual(['About Acme', 'own section']);
    expect(applyTemplate(stored, business(about), true).markdownDescriptions).toEqual(['own section']);
    const suggested = template({ about: 'About Acme' });
    expect(applyTemplate(stored, business(suggested)).markdownDescriptions).toEqual(['own section']);
    expect(applyTemplate({ ...stored, markdownDescriptions: [] }, business(suggested)).markdownDescriptions).toEqual(['About Acme']);
  });

  it('a business-owned card whose holder left shows the notice and the business’s main contact; without a business nothing changes', () => {
    const left = { ...stored, ownerAccountId: null, ownerCorporateAccountId: 'b1', formerHolderName: 'Mia' } as ContactRow;
    const row = applyTemplate(left, business(null));
    expect(row.noLongerWith).toBe('Mia is no longer with Acme.');
    expect(row.emails).toEqual([{ email: 'hello@acme.test', name: 'Acme' }]);
    expect(row.phones).toEqual([]);
    expect(applyTemplate(stored, null)).toBe(stored);
  });
});
