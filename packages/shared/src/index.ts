export * from './constants.ts';
export * from './ids.ts';
export * from './contact.ts';
export * from './links.ts';
export * from './vcard.ts';
export * from './account.ts';
export * from './directory.ts';
export * from './text.ts';
