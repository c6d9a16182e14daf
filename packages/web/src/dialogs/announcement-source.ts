import type { TFunction } from 'i18next';
import { PRODUCT_NAME } from '@vbc/shared/constants';
import type { TAnnouncement } from '@vbc/shared/announcement';

/** 'From <corporateName>', or the product's name for a product-wide announcement (docs/contracts.md §2), in the active language. */
export const announcementSource = (t: TFunction<'app'>, a: Pick<TAnnouncement, 'corporateName'>) =>
  t('announcement.from', { ns: 'app', name: a.corporateName ?? PRODUCT_NAME });
