import { useEffect, useState } from 'react';
import { loadConfig, type AppConfig } from '../../../lib/config';

/** The site's `/config.json`: undefined while it loads, null when there is none. */
export function useSiteConfig(): AppConfig | null | undefined {
  const [config, setConfig] = useState<AppConfig | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadConfig().then((loaded) => {
      if (live) setConfig(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}
