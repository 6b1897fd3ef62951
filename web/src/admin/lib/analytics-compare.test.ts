import { describe, expect, it } from 'vitest';
import {
  changeSentence,
  changeText,
  compare,
  formatPercent,
  share,
  stepFromPrevious,
} from './analytics-compare';
import { deviceName, sourceLabel } from './analytics-labels';

describe('comparison with the previous period', () => {
  it('says how much a figure rose or fell, in id-ID percent', () => {
    expect(compare(112, 100)).toEqual({ trend: 'up', percent: 12 });
    expect(changeText(compare(112, 100))).toBe('▲ 12%');
    expect(changeSentence(compare(112, 100))).toBe('naik 12% dari periode sebelumnya');
    expect(changeText(compare(193, 200))).toBe('▼ 3,5%');
    expect(changeSentence(compare(193, 200))).toBe('turun 3,5% dari periode sebelumnya');
  });

  it('has no percent when there was nothing before, and no change when equal', () => {
    expect(compare(5, 0)).toEqual({ trend: 'new', percent: null });
    expect(changeText(compare(5, 0))).toBe('▲ baru');
    expect(changeSentence(compare(0, 0))).toBe('sama dengan periode sebelumnya');
  });

  it('formats shares and percents with a decimal comma', () => {
    expect(share(1, 3)).toBe(33.3);
    expect(share(1, 0)).toBe(0);
    expect(formatPercent(1234.5)).toBe('1.234,5%');
  });

  it('names source groups and devices in Indonesian', () => {
    expect(sourceLabel('group', 'search')).toBe('Mesin pencari');
    expect(sourceLabel('group', 'direct')).toBe('Langsung');
    expect(sourceLabel('utm_source', 'whatsapp')).toBe('whatsapp');
    expect(sourceLabel('utm_campaign', '')).toBe('(tidak ada)');
    expect(deviceName('mobile')).toBe('Ponsel');
    expect(deviceName('desktop')).toBe('Desktop');
  });

  it("gives a funnel step's share of the step before, and none after an empty step", () => {
    expect(stepFromPrevious(135, 250)).toEqual({ share: '54%', lost: '115 (46%)' });
    expect(stepFromPrevious(1500, 1000)).toEqual({ share: '150%', lost: '0 (0%)' });
    expect(stepFromPrevious(12_345, 20_000)).toEqual({ share: '61,7%', lost: '7.655 (38,3%)' });
    expect(stepFromPrevious(5, 0)).toEqual({ share: '—', lost: null });
  });
});
