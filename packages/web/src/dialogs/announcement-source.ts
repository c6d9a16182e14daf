import { PRODUCT_NAME } from '@vbc/shared/constants';
import type { TAnnouncement } from '@vbc/shared/announcement';

/** 'From <corporateName>', or the product's name for a product-wide announcement (docs/contracts.md §2). */
export const announcementSource = (a: Pick<TAnnouncement, 'corporateName'>) => `From ${a.corporateName ?? PRODUCT_NAME}`;
