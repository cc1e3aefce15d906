import React from 'react';
import AntdProviders from './AntdProviders';
import PlainUserPageLayout from './PlainUserPageLayout';

/** The frame of the pages outside the admin layout, with antd's providers for the forms (login, registration). */
export default function UserPageLayout(props: { children: React.ReactNode; wide?: boolean }) {
  return (
    <AntdProviders>
      <PlainUserPageLayout {...props} />
    </AntdProviders>
  );
}
