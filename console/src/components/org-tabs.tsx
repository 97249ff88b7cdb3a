/** The sub-pages of one organization, as tabs above each of them. */
export function OrgTabs(props: { id: string; current: "members" | "audit" | "sso" | "scim" }) {
  const tabs = [
    { key: "members", href: `/organizations/${props.id}`, label: "Members" },
    { key: "audit", href: `/organizations/${props.id}/audit-log`, label: "Audit log" },
    { key: "sso", href: `/organizations/${props.id}/sso`, label: "Single sign-on" },
    { key: "scim", href: `/organizations/${props.id}/scim`, label: "Provisioning (SCIM)" },
  ];
  return (
    <nav class="tabs" aria-label="Organization">
      {tabs.map((t) => (
        <a key={t.key} href={t.href} aria-current={t.key === props.current ? "page" : undefined}>
          {t.label}
        </a>
      ))}
    </nav>
  );
}
