/**
 * Which channel delivers one-time codes of each kind. Writing codes to the log is a development
 * convenience, never a fallback: it is used only when chosen (`SMS_PROVIDER=log`), or when the
 * server runs with neither SMTP nor an SMS provider configured (a developer's `npm start`). A kind
 * left without a channel beside a configured one is `none`: its codes are refused, never logged.
 * With NODE_ENV=production every kind needs a real channel (config.ts refuses to start otherwise).
 */
export interface TChannelSettings {
  SMTP_URL?: string;
  SMS_PROVIDER?: 'log' | 'http';
}

export interface TChannels {
  mail: 'smtp' | 'log' | 'none';
  sms: 'http' | 'log' | 'none';
}

export function chooseChannels(config: TChannelSettings): TChannels {
  const nothingConfigured = !config.SMTP_URL && config.SMS_PROVIDER === undefined;
  return {
    mail: config.SMTP_URL ? 'smtp' : nothingConfigured || config.SMS_PROVIDER === 'log' ? 'log' : 'none',
    sms: config.SMS_PROVIDER === 'http' ? 'http' : config.SMS_PROVIDER === 'log' || nothingConfigured ? 'log' : 'none',
  };
}
