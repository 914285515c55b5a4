import { Suspense, type ComponentType } from 'react';
import { PageLoading } from '@/components/layouts/page-loading';
import { lazyComponent } from '@/lib/lazy-component';
import { useLanguage, type Language } from './language';

/**
 * A long page (a policy, a guide) written as one document per language rather than as catalog entries: its
 * paragraphs, lists and links read as a whole and are translated as a whole. The English document comes with the page;
 * another language's is fetched when that language is shown. `translations` names every language but English, so a
 * language added to the site without its documents is a type error.
 */
export function documentInLanguages<Props extends object>(
  english: ComponentType<Props>,
  translations: Readonly<Record<Exclude<Language, 'en'>, () => Promise<ComponentType<Props>>>>,
): ComponentType<Props> {
  const lazy = Object.fromEntries(
    Object.entries(translations).map(([language, load]) => [language, lazyComponent(load as () => Promise<ComponentType<Props>>, (component) => component)]),
  ) as Record<Exclude<Language, 'en'>, ReturnType<typeof lazyComponent<ComponentType<Props>, Props>>>;

  function Document(props: Props) {
    const { language } = useLanguage();
    const Shown = language === 'en' ? english : lazy[language];
    return (
      <Suspense fallback={<PageLoading />}>
        <Shown {...props} />
      </Suspense>
    );
  }
  Document.displayName = `DocumentInLanguages(${english.displayName ?? english.name})`;
  return Document;
}
