from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("referee", "0002_seed_rulings")]

    operations = [
        migrations.AlterField(
            model_name="ruling",
            name="key",
            field=models.SlugField(
                help_text="Stable key in both languages (the anchor on the referee page) and the slug of the English permalink (/en/referee/<key>/). Never change it once published.",
                max_length=40,
                unique=True,
                verbose_name="key",
            ),
        ),
        # Nullable until 0004 has given every ruling its German slug; 0005 requires it.
        migrations.AddField(
            model_name="ruling",
            name="slug_de",
            field=models.SlugField(
                help_text="The German permalink (/de/schiedsrichter/<German slug>/); the English one is the key. The other language’s slug redirects to it. Never change it once published.",
                max_length=60,
                null=True,
                unique=True,
                verbose_name="German slug",
            ),
        ),
    ]
