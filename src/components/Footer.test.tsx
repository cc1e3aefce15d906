import { render, screen } from '@testing-library/react';
import Footer from './Footer';

const settings = {
  platformTitle: '平台',
  centreName: '青山镇综治中心',
  icpNumber: '',
  appealDueDays: 3,
  callbackDays: 3,
  photoStaleDays: 30,
};

test('no filing number set: the footer shows no ICP line at all', () => {
  render(<Footer settings={settings} />);
  expect(screen.getByRole('contentinfo')).toHaveTextContent(`Copyright © ${new Date().getFullYear()} 青山镇综治中心`);
  expect(screen.getByRole('contentinfo')).not.toHaveTextContent(/ICP/);
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
});

test('a filing number is shown as the link to its public record', () => {
  render(<Footer settings={{ ...settings, icpNumber: ' 浙ICP备12345678号 ' }} />);
  expect(screen.getByRole('link', { name: '浙ICP备12345678号' })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
});
