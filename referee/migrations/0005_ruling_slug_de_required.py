from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("referee", "0004_german_slugs_and_content")]

    operations = [
        migrations.AlterField(
            model_name="ruling",
            name="slug_de",
            field=models.SlugField(
                help_text="The German permalink (/de/schiedsrichter/<German slug>/); the English one is the key. The other language’s slug redirects to it. Never change it once published.",
                max_length=60,
                unique=True,
                verbose_name="German slug",
            ),
        ),
    ]
