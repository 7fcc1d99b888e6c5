/** One colour per company, in the order they were added (the chart and the chips). */
export const COMPARE_COLOURS = ['#12355b', '#b7791f', '#1b7f5a', '#c62828', '#6b4fa0'] as const;
